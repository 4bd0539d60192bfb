import Foundation

/// Where the credentials of an S3 store can come from: the standard AWS environment variables and
/// files, as every AWS tool reads them; never from `site.yml`.
///
/// A deploy checks that one is there before it sends anything, so that a machine without any
/// gets a plain error instead of a client trying the instance metadata address of a cloud
/// machine.
public enum AWSCredentials {
    /// A sentence naming where credentials were found; nil when there are none.
    public static func source(environment: [String: String], home: String) -> String? {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if set("AWS_ACCESS_KEY_ID") && set("AWS_SECRET_ACCESS_KEY") {
            return "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"
        }
        if let noSign = environment["AWS_NO_SIGN_REQUEST"], ["YES", "TRUE", "ON", "1"].contains(noSign.uppercased()) {
            return "AWS_NO_SIGN_REQUEST (unsigned requests)"
        }
        if set("AWS_ROLE_ARN") && set("AWS_WEB_IDENTITY_TOKEN_FILE") {
            return "AWS_ROLE_ARN and AWS_WEB_IDENTITY_TOKEN_FILE"
        }
        let profile = environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let credentials =
            environment["AWS_SHARED_CREDENTIALS_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.aws/credentials"
        if section(profile, of: credentials)?["aws_secret_access_key"] != nil {
            return "profile \(profile) of \(credentials)"
        }
        let config = environment["AWS_CONFIG_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.aws/config"
        let configSection = section(profile == "default" ? "default" : "profile " + profile, of: config)
        if let configSection, configSection["aws_secret_access_key"] != nil || configSection["role_arn"] != nil {
            return "profile \(profile) of \(config)"
        }
        return nil
    }

    /// What to say when there are none.
    public static let missing =
        "no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile (AWS_PROFILE, default "
        + "'default') in ~/.aws/credentials; for a public bucket that takes unsigned writes, AWS_NO_SIGN_REQUEST=YES"

    /// The keys and values of section `name` of an INI file; nil when the file or section is missing.
    static func section(_ name: String, of file: String) -> [String: String]? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        var current: String?
        var values: [String: String]?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                if current == name && values == nil { values = [:] }
                continue
            }
            guard current == name, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            values?[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }
}

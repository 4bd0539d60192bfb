/// mapsite's version, which `mapsite --version` prints: the one place it is written.
enum MapsiteVersion {
    static let number = "0.1.0"
}

import FlyingFox
import FlyingSocks
import Foundation
import MapsiteCore

/// The HTTP/1.1 server of `mapsite serve`: the site's FlyingFox handlers behind a reading layer
/// of its own. FlyingFox's `HTTPServer` waits for a request's head without end, reads each line
/// of it in time quadratic in its length (a 64 KB URL takes 3 s) and stops at the first failed
/// `accept`, and none of that can be configured; this layer bounds the time and the bytes of
/// each request, answers only the hosts of `AllowedHosts`, and keeps its listener when the
/// process runs out of file descriptors.
final class PreviewServer: Sendable {
    struct Limits: Sendable {
        /// The longest request line, and the longest head (request line and fields), in bytes.
        var requestLine = 8192
        var head = 32768
        /// From a request's first byte to the end of its head.
        var headTime: Duration = .seconds(5)
        /// Waiting for a request on a new connection, or on one kept alive after a response.
        var idleTime: Duration = .seconds(5)
        /// Waiting for the client to take more of a response.
        var writeStall: Duration = .seconds(10)
        /// Taking what a refused client still sends, so that it reads the answer before the close.
        var drainTime: Duration = .seconds(1)
    }

    let handler: RoutedHTTPHandler
    let hosts: AllowedHosts
    let limits: Limits
    private let listener: Socket
    private let pool: any AsyncSocketPool
    private let table = ConnectionTable()
    /// The most connections kept open: half the file descriptors the process may have, so that
    /// the files they ask for and the rebuilds can still be opened.
    private let connectionLimit: Int

    /// Listens on `address`.
    /// - Throws: `ServeError` when the address cannot be bound (in use, not this computer's).
    init(address: ListeningAddress, hostOption: String, handler: RoutedHTTPHandler, limits: Limits = Limits())
        async throws
    {
        self.handler = handler
        self.hosts = AllowedHosts(listeningOn: hostOption)
        self.limits = limits
        pool = HTTPServer.defaultPool()
        var files = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &files)
        connectionLimit = Int(clamping: max(8, min(files.rlim_cur, 1 << 20) / 2))
        do {
            try await pool.prepare()
            listener = try Socket(domain: Int32(type(of: address.socketAddress).family))
            try listener.setValue(true, for: .localAddressReuse)
            try listener.bind(to: address.socketAddress)
            try listener.listen()
        } catch {
            throw ServeError(address: address, reason: error.localizedDescription)
        }
    }

    var listeningAddress: Socket.Address? { try? listener.sockname() }

    /// Accepts and serves connections until cancelled; then closes them all.
    func run() async throws {
        let socket = try AsyncSocket(socket: listener, pool: pool)
        defer { try? listener.close() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.pool.run() }
            group.addTask { try await self.table.watch() }
            group.addTask {
                try await withTaskCancellationHandler {
                    try await self.accept(on: socket)
                } onCancel: {
                    self.table.closeAll()
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func accept(on socket: AsyncSocket) async throws {
        var pause = Duration.milliseconds(50)
        var warned = false
        while true {
            try Task.checkCancellation()
            do {
                let client = try await socket.accept()
                pause = .milliseconds(50)
                warned = false
                let id = table.open(until: .now + limits.idleTime)
                table.attach(Task { await self.serve(client, id: id) }, to: id)
                // At the limit, close the connection that waited longest for a request (a
                // browser opens another when it needs one): the newest is served.
                if table.count > connectionLimit { _ = table.closeLongestWaiting(1) }
            } catch SocketError.failed(_, let code, _) where [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code) {
                // Out of file descriptors all the same (other files are open): close the
                // connections that waited longest for a request, else wait for some to close.
                if table.closeLongestWaiting(4) > 0 {
                    try await Task.sleep(for: .milliseconds(10))
                    continue
                }
                if !warned {
                    warned = true
                    Console.error(
                        "warning: \(table.count) connections use every file descriptor this process may open "
                            + "(ulimit -n): new connections wait until some close")
                }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(1))
            } catch SocketError.failed(_, let code, _) where [ECONNABORTED, EPROTO, EPERM, EINTR].contains(code) {
                continue
            }
        }
    }

    private func serve(_ client: AsyncSocket, id: UInt64) async {
        defer {
            try? client.close()
            table.close(id)
        }
        var reader = HTTPHeadReader(requestLineLimit: limits.requestLine, headLimit: limits.head)
        do {
            while true {
                table.set(id, deadline: .now + limits.idleTime, waiting: true)
                var head = try reader.next()
                var started = false
                while head == nil {
                    if !started, reader.isInsideRequest {
                        started = true
                        table.set(id, deadline: .now + limits.headTime, waiting: true)
                    }
                    head = try reader.append(try await client.read(atMost: 16384))
                }
                guard let head, try await respond(to: head, on: client, id: id) else { return }
            }
        } catch let problem as HTTPHeadError {
            await refuse(status: problem.status, problem.reason, on: client, id: id)
        } catch {
            // Closed by the client, cancelled past its deadline or at the server's stop.
        }
    }

    /// Answers one request.
    /// - Returns: whether the connection stays open for another.
    private func respond(to head: HTTPRequestHead, on client: AsyncSocket, id: UInt64) async throws -> Bool {
        table.set(id, deadline: .now + .seconds(60), waiting: false)
        // Only HTTP/1.0 may name no host; no browser sends that.
        let host = try head.host()
        guard host.isEmpty || hosts.allows(host) else {
            let shown = ControlCharacters.escaped(host)
            await refuse(
                status: 421,
                """
                Misdirected Request: this preview answers for \(hosts.listed), not for "\(shown)". \
                A page of another site that had its name point at this computer would name its own \
                host. To reach the preview by another address, start mapsite serve with --host ADDRESS.
                """, on: client, id: id)
            return false
        }
        let target = head.originForm
        let query = target.firstIndex(of: "?")
        var headers = HTTPHeaders()
        for field in head.fields { headers.addValue(field.value, for: HTTPHeader(field.name)) }
        let request = HTTPRequest(
            method: HTTPMethod(head.method), version: HTTPVersion(head.version),
            target: .init(
                path: String(target[..<(query ?? target.endIndex)]),
                query: query.map { String(target[target.index(after: $0)...]) } ?? ""),
            headers: headers, body: HTTPBodySequence())
        let response: HTTPResponse
        do {
            response = try await handler.handleRequest(request)
        } catch is HTTPUnhandledError {
            response = HTTPResponse(statusCode: .notFound)
        } catch {
            response = HTTPResponse(
                statusCode: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8"],
                body: Data("500 Internal Server Error: \(error.localizedDescription)\n".utf8))
        }
        let keepAlive = head.keepsAlive && !head.hasBody
        return try await send(response, to: client, id: id, keepAlive: keepAlive, withBody: head.method != "HEAD")
    }

    /// - Returns: whether the connection stays open.
    private func send(_ response: HTTPResponse, to client: AsyncSocket, id: UInt64, keepAlive: Bool, withBody: Bool)
        async throws -> Bool
    {
        var keepAlive = keepAlive
        var headers = response.headers
        var body: HTTPBodySequence?
        if case .httpBody(let sequence) = response.payload { body = sequence }
        if headers[.contentLength] == nil {
            if let count = body?.count {
                headers[.contentLength] = String(count)
            } else {
                keepAlive = false
            }
        }
        headers[.connection] = keepAlive ? "keep-alive" : "close"
        var head = "HTTP/1.1 \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
        for (name, value) in headers { head += "\(name.rawValue): \(value)\r\n" }
        var pending = Data((head + "\r\n").utf8)
        if withBody, let body {
            for try await chunk in body {
                pending.append(chunk)
                if pending.count >= 65536 {
                    try await write(pending, to: client, id: id)
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        try await write(pending, to: client, id: id)
        return keepAlive
    }

    private func write(_ data: Data, to client: AsyncSocket, id: UInt64) async throws {
        var start = data.startIndex
        while start < data.endIndex {
            table.set(id, deadline: .now + limits.writeStall, waiting: false)
            let end = data.index(start, offsetBy: min(65536, data.endIndex - start))
            try await client.write(data[start..<end])
            start = end
        }
    }

    /// Answers `status` with `text` and closes, after taking for a moment what the client still
    /// sends: closing with bytes unread would reset the connection before it reads the answer.
    private func refuse(status: Int, _ text: String, on client: AsyncSocket, id: UInt64) async {
        let phrase = text.prefix { $0 != ":" }
        let response = HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: String(phrase)),
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: Data("\(status) \(text)\n".utf8))
        do {
            _ = try await send(response, to: client, id: id, keepAlive: false, withBody: true)
            shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
            table.set(id, deadline: .now + limits.drainTime, waiting: false)
            while true { _ = try await client.read(atMost: 65536) }
        } catch {
            // Drained, closed by the client, or past the time to drain.
        }
    }
}

/// The server could not start.
struct ServeError: Error, LocalizedError {
    var address: ListeningAddress
    var reason: String

    var errorDescription: String? {
        "cannot listen on \(address.url(port: nil)): \(reason) (choose another --port, or 0 for any free one)"
    }
}

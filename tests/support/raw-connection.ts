import net from "node:net";

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * A raw client connection for the front server's socket-level tests: request text in, one
 * answer (with a Content-Length or chunked) out at a time, so a test can put several requests on one
 * connection, and see when and whether the server closes it.
 */
export class RawConnection {
  readonly socket: net.Socket;
  closedAt: number | undefined;
  /** The first socket error (a reset: EPIPE, ECONNRESET), if the server cut the connection. */
  error: string | undefined;
  private received = Buffer.alloc(0);
  private wake = () => {};

  /** `allowHalfOpen`: keep sending after the server's FIN, as an HTTP client mid-body does. */
  constructor(port: number, options: { allowHalfOpen?: boolean } = {}) {
    this.socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: options.allowHalfOpen ?? false });
    this.socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    this.socket.on("close", () => {
      this.closedAt = Date.now();
      this.wake();
    });
    this.socket.on("error", (error: NodeJS.ErrnoException) => (this.error ??= error.code ?? error.message));
  }

  send(...parts: (string | Buffer)[]): this {
    for (const part of parts) this.socket.write(part);
    return this;
  }

  /** The next answer, or "closed" when the server closed the connection first. */
  async answer(): Promise<RawAnswer | "closed"> {
    for (;;) {
      const answer = this.take();
      if (answer) return answer;
      if (this.closedAt !== undefined) return "closed";
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Resolves when the server has closed the connection (true), or after `ms` (false). */
  async closed(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (this.closedAt === undefined && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, deadline - Date.now()).unref();
      });
    }
    return this.closedAt !== undefined;
  }

  private take(): RawAnswer | undefined {
    const end = this.received.indexOf("\r\n\r\n");
    if (end < 0) return undefined;
    const head = this.received.subarray(0, end).toString("latin1");
    const body = /\r\ntransfer-encoding: *chunked/i.test(head)
      ? chunkedBody(this.received, end + 4)
      : lengthBody(this.received, end + 4, Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0));
    if (!body) return undefined;
    this.received = this.received.subarray(body.next);
    return { status: Number(head.split(" ")[1]), body: body.text };
  }
}

interface Body {
  text: string;
  /** Where the next answer starts in the bytes received. */
  next: number;
}

function lengthBody(received: Buffer, start: number, length: number): Body | undefined {
  if (received.length < start + length) return undefined;
  return { text: received.subarray(start, start + length).toString("utf8"), next: start + length };
}

/** A chunked body (RFC 9112 §7.1) once its last chunk and empty trailer have arrived. */
function chunkedBody(received: Buffer, start: number): Body | undefined {
  const chunks: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = received.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(received.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) {
      if (received.length < lineEnd + 4) return undefined;
      return { text: Buffer.concat(chunks).toString("utf8"), next: lineEnd + 4 };
    }
    if (received.length < lineEnd + 2 + size + 2) return undefined;
    chunks.push(received.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

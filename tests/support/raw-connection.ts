import net from "node:net";

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * A raw client connection for the front server's socket-level tests: request text in, one
 * answer (with a Content-Length) out at a time, so a test can put several requests on one
 * connection, and see when and whether the server closes it.
 */
export class RawConnection {
  readonly socket: net.Socket;
  closedAt: number | undefined;
  private received = Buffer.alloc(0);
  private wake = () => {};

  constructor(port: number) {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    this.socket.on("close", () => {
      this.closedAt = Date.now();
      this.wake();
    });
    this.socket.on("error", () => {});
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
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.received.length < end + 4 + length) return undefined;
    const body = this.received.subarray(end + 4, end + 4 + length).toString("utf8");
    this.received = this.received.subarray(end + 4 + length);
    return { status: Number(head.split(" ")[1]), body };
  }
}

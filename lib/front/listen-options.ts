export interface ListenOptions {
  port: number;
  /** Undefined listens on every interface, like `next start` without -H. */
  hostname?: string;
}

/** `npm start -- -p 4000 -H 127.0.0.1`: the same flags as `next start`; PORT when -p is absent. */
export function parseListenOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ListenOptions {
  let port = env.PORT || "3000";
  let hostname: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes("=") ? arg.split("=", 2) : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === "-p" || flag === "--port") port = value() ?? "";
    else if (flag === "-H" || flag === "--hostname") hostname = value();
    else throw new Error(`unknown argument ${arg}: use -p PORT and -H HOSTNAME`);
  }
  const number = Number(port);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new Error(`not a port number: ${JSON.stringify(port)}`);
  if (hostname === "") throw new Error("-H needs a hostname");
  return { port: number, hostname };
}

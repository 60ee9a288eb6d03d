/**
 * How a connection string may be shown: host, port and database name only. The user
 * name is harmless but the password must never reach a log line or an error body, so
 * nothing is echoed from the string beyond these three parts.
 */
export function describeDatabase(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default database)";
    return `${url.hostname || "localhost"}:${url.port || "5432"}/${database}`;
  } catch {
    return "(a connection string that is not a URL)";
  }
}

/** Removes the connection string's password from text that may have quoted it (driver messages). */
export function redactPassword(text: string, connectionString: string): string {
  let password = "";
  try {
    password = decodeURIComponent(new URL(connectionString).password);
  } catch {
    return text;
  }
  if (password.length === 0) return text;
  return text.split(password).join("***").split(encodeURIComponent(password)).join("***");
}

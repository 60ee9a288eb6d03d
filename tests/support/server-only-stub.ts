// Vitest does not resolve the "react-server" export condition, under which `server-only`
// is an empty module. Unit tests run on the server side by definition, so they get that.
export {};

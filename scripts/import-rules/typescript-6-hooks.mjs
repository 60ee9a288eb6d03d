// ESM half of the redirect in depcruise.mjs: `import("typescript")` gets TypeScript 6.
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(specifier === "typescript" ? "typescript-6" : specifier, context);
}

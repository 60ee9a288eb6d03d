import type { RouteModule, V1Route } from "./v1-route-table";

export interface V1Match {
  module: RouteModule;
  /** Route params as Next passes them: one string per `[name]`, a string array per catch-all. */
  params: Record<string, string | string[]>;
}

type Segment =
  | { kind: "static"; text: string }
  | { kind: "param"; name: string }
  | { kind: "catch-all"; name: string; optional: boolean };

interface CompiledRoute {
  segments: Segment[];
  module: RouteModule;
}

/**
 * Matches the way Next's App Router does for the folder names app/v1 uses: static
 * segments compare with the raw (still percent-encoded) path, params are decoded, and a
 * more specific route wins (static over `[param]` over `[...catchAll]`).
 */
export function compileV1Routes(routes: readonly V1Route[]): (segments: readonly string[]) => V1Match | undefined {
  const compiled = routes
    .map((route) => ({ segments: parseFolder(route.folder), module: route.module }))
    .sort((a, b) => specificity(b) - specificity(a));
  return (path) => {
    for (const route of compiled) {
      const params = matchSegments(route, path);
      if (params) return { module: route.module, params };
    }
    return undefined;
  };
}

/** `/v1/pets/42` → `["pets", "42"]`; one trailing slash is ignored, as next.config.js asks of Next. */
export function v1Segments(pathname: string): string[] {
  const rest = pathname.slice("/v1".length).replace(/\/$/, "");
  return rest === "" ? [] : rest.slice(1).split("/");
}

function parseFolder(folder: string): Segment[] {
  if (folder === "") return [];
  return folder.split("/").map((part): Segment => {
    const optional = /^\[\[\.\.\.(\w+)\]\]$/.exec(part);
    if (optional) return { kind: "catch-all", name: optional[1]!, optional: true };
    const required = /^\[\.\.\.(\w+)\]$/.exec(part);
    if (required) return { kind: "catch-all", name: required[1]!, optional: false };
    const param = /^\[(\w+)\]$/.exec(part);
    if (param) return { kind: "param", name: param[1]! };
    return { kind: "static", text: part };
  });
}

function specificity(route: CompiledRoute): number {
  const weights = { static: 3, param: 2, "catch-all": 1 };
  // Earlier segments decide first, like comparing the folders level by level.
  return route.segments.reduce((score, segment, index) => score + weights[segment.kind] * 10 ** (8 - index), 0);
}

function matchSegments(route: CompiledRoute, path: readonly string[]): V1Match["params"] | undefined {
  const params: V1Match["params"] = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.kind === "catch-all") {
      const rest = path.slice(i);
      if (rest.length === 0 && !segment.optional) return undefined;
      if (rest.length > 0) params[segment.name] = rest.map(decodeURIComponent);
      return params;
    }
    const part = path[i];
    if (part === undefined || part === "") return undefined;
    if (segment.kind === "static") {
      if (part !== segment.text) return undefined;
    } else params[segment.name] = decodeURIComponent(part);
  }
  return path.length === route.segments.length ? params : undefined;
}

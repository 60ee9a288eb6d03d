import type { ReactNode } from "react";

const LINK = "font-medium text-teal-800 underline dark:text-teal-200";
// The few inline forms the OpenAPI document's descriptions use: `code`, **bold** and [links](/path).
const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * The Markdown of the OpenAPI document's descriptions (paragraphs, "- " lists and the inline
 * forms above) as React elements: never as HTML strings, so no text of the document can
 * become markup. Anything else reads as the plain text it is.
 */
export function MarkdownText({ text }: { text: string }) {
  return <>{blocksOf(text).map((block, index) => renderBlock(block, index))}</>;
}

/** A one-paragraph description (a table cell's) without the paragraph around it. */
export function MarkdownInline({ text }: { text: string }) {
  const blocks = blocksOf(text);
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (only && !only.list) return <>{inline(only.text)}</>;
  return <MarkdownText text={text} />;
}

type Block = { list: false; text: string } | { list: true; items: string[] };

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.split("\n")) {
    const last = blocks.at(-1);
    if (line.trim() === "") {
      blocks.push({ list: false, text: "" });
    } else if (line.startsWith("- ")) {
      if (last?.list) last.items.push(line.slice(2));
      else blocks.push({ list: true, items: [line.slice(2)] });
    } else if (last?.list && line.startsWith("  ")) {
      last.items[last.items.length - 1] += ` ${line.trim()}`;
    } else if (last && !last.list && last.text !== "") {
      last.text += ` ${line}`;
    } else {
      blocks.push({ list: false, text: line });
    }
  }
  return blocks.filter((block) => block.list || block.text !== "");
}

function renderBlock(block: Block, key: number) {
  if (!block.list) return <p key={key}>{inline(block.text)}</p>;
  return (
    <ul key={key} className="list-disc space-y-1 pl-6">
      {block.items.map((item, index) => (
        <li key={index}>{inline(item)}</li>
      ))}
    </ul>
  );
}

function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    nodes.push(text.slice(at, match.index));
    const [, code, bold, label, href] = match;
    if (code !== undefined) nodes.push(<code key={match.index}>{code}</code>);
    else if (bold !== undefined) nodes.push(<strong key={match.index}>{bold}</strong>);
    else if (href?.startsWith("/") || href?.startsWith("https://"))
      nodes.push(
        <a key={match.index} href={href} className={LINK}>
          {label}
        </a>,
      );
    else nodes.push(label);
    at = match.index + match[0].length;
  }
  nodes.push(text.slice(at));
  return nodes;
}

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownInline, MarkdownText } from "./markdown-text";

const html = (text: string) => renderToStaticMarkup(<MarkdownText text={text} />);

describe("MarkdownText", () => {
  it("renders paragraphs, lists and the inline forms the OpenAPI descriptions use", () => {
    expect(html("Send `Authorization`.\nSee the **notes**.\n\n- one\n  continued\n- [two](/docs/x)")).toBe(
      '<p>Send <code>Authorization</code>. See the <strong>notes</strong>.</p><ul class="list-disc space-y-1 pl-6">' +
        '<li>one continued</li><li><a href="/docs/x" class="font-medium text-teal-800 underline dark:text-teal-200">two</a></li></ul>',
    );
  });

  it("never turns the document's text into markup, and links only to this site or https", () => {
    expect(html("<img src=x onerror=alert(1)> [bad](javascript:void)")).toBe(
      "<p>&lt;img src=x onerror=alert(1)&gt; bad</p>",
    );
  });

  it("leaves a one-paragraph description without its paragraph, for table cells", () => {
    expect(renderToStaticMarkup(<MarkdownInline text="A `Pet`" />)).toBe("A <code>Pet</code>");
  });
});

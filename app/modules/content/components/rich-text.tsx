import { Fragment, type ReactNode } from "react";
import type { RichBlock, RichInline } from "../rich-text";
import { EXTERNAL_LINK_REL, isSafeLinkUrl } from "../safe-url";

/**
 * Renders formatted text parsed by rich-text.ts as React elements: every piece of text is a text
 * node (React escapes it), no HTML is ever injected, and each link's address is checked again.
 *
 * `placeholders` highlights "[Razón social]"-style text the owner still has to fill in;
 * `questions` shows a paragraph "¿Pregunta? Respuesta." as a question and its answer (FAQ).
 */
export function RichText({
  blocks,
  placeholders = false,
  questions = false,
  className,
}: {
  blocks: readonly RichBlock[];
  placeholders?: boolean;
  questions?: boolean;
  className?: string;
}) {
  const inline = (nodes: readonly RichInline[]) => renderInline(nodes, placeholders);
  return (
    <div className={className}>
      {blocks.map((block, index) => {
        switch (block.t) {
          case "h":
            return block.level === 3 ? (
              <h3 key={index} className="text-lg font-semibold text-slate-900">
                {inline(block.c)}
              </h3>
            ) : (
              <h4 key={index} className="font-semibold text-slate-900">
                {inline(block.c)}
              </h4>
            );
          case "ul":
            return (
              <ul key={index} className="list-disc space-y-1 pl-6">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </ul>
            );
          case "ol":
            return (
              <ol key={index} start={block.start} className="list-decimal space-y-1 pl-6">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </ol>
            );
          case "p": {
            const qa = questions ? splitQuestion(block.c) : null;
            return qa ? (
              <div key={index} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                <h3 className="font-semibold text-slate-900">{qa.question}</h3>
                <p className="mt-1">{inline(qa.answer)}</p>
              </div>
            ) : (
              <p key={index}>{inline(block.c)}</p>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}

/** "¿Pregunta? Respuesta." (plain text up to the question mark) → question and answer. */
function splitQuestion(
  nodes: readonly RichInline[],
): { question: string; answer: RichInline[] } | null {
  const first = nodes[0];
  if (first?.t !== "text" || !first.v.startsWith("¿")) return null;
  const end = first.v.indexOf("? ");
  if (end === -1) return null;
  return {
    question: first.v.slice(0, end + 1),
    answer: [{ t: "text", v: first.v.slice(end + 2) }, ...nodes.slice(1)],
  };
}

function renderText(text: string, placeholders: boolean): ReactNode {
  if (!placeholders) return text;
  return text.split(/(\[[^\]]+\])/g).map((part, index) =>
    /^\[[^\]]+\]$/.test(part) ? (
      <mark key={index} className="rounded bg-amber-100 px-1 text-slate-900">
        {part}
      </mark>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function renderInline(nodes: readonly RichInline[], placeholders: boolean): ReactNode {
  return nodes.map((node, index) => {
    switch (node.t) {
      case "text":
        return <Fragment key={index}>{renderText(node.v, placeholders)}</Fragment>;
      case "strong":
        return <strong key={index}>{renderInline(node.c, placeholders)}</strong>;
      case "em":
        return <em key={index}>{renderInline(node.c, placeholders)}</em>;
      case "a":
        // The parser only makes safe links; this check keeps that true whatever built the tree.
        if (typeof node.href !== "string" || !isSafeLinkUrl(node.href)) {
          return <Fragment key={index}>{renderInline(node.c, placeholders)}</Fragment>;
        }
        return (
          <a
            key={index}
            href={node.href}
            rel={/^https?:/i.test(node.href) ? EXTERNAL_LINK_REL : undefined}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {renderInline(node.c, placeholders)}
          </a>
        );
      default:
        return null;
    }
  });
}

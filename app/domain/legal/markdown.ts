/**
 * A deliberately tiny Markdown subset for the operator's legal templates: `#`/`##`/`###`
 * headings, paragraphs, `-` lists and `**bold**`, plus `{{placeholder}}` tokens. It produces
 * data, never HTML, so a template can not inject markup or scripts into the page.
 */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "bold"; text: string }
  /** An operator setting: filled when configured, otherwise shown plainly marked as `[label]`. */
  | { kind: "placeholder"; label: string; value: string | undefined };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; content: Inline[] }
  | { kind: "paragraph"; content: Inline[] }
  | { kind: "list"; items: Inline[][] };

export const placeholderLabels = Object.freeze({
  brand: "Brand name",
  legalEntity: "Operator legal name",
  registration: "Registration number",
  regulator: "Regulator",
  governingLaw: "Governing law",
  contactEmail: "Contact e-mail",
} as const);
export type PlaceholderKey = keyof typeof placeholderLabels;
export type PlaceholderValues = Partial<Record<PlaceholderKey, string | undefined>>;

function parseInline(text: string, values: PlaceholderValues): Inline[] {
  const out: Inline[] = [];
  // Split on placeholders first, then on bold markers within the text between them.
  const parts = text.split(/(\{\{\s*[a-zA-Z]+\s*\}\})/);
  for (const part of parts) {
    const token = part.match(/^\{\{\s*([a-zA-Z]+)\s*\}\}$/);
    if (token) {
      const key = token[1] as PlaceholderKey;
      const label = placeholderLabels[key] ?? key;
      out.push({ kind: "placeholder", label, value: values[key] || undefined });
      continue;
    }
    part.split(/(\*\*[^*]+\*\*)/).forEach((piece) => {
      if (!piece) return;
      const bold = piece.match(/^\*\*([^*]+)\*\*$/);
      out.push(bold ? { kind: "bold", text: bold[1] ?? "" } : { kind: "text", text: piece });
    });
  }
  return out;
}

export function parseLegalMarkdown(source: string, values: PlaceholderValues = {}): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: "paragraph", content: parseInline(paragraph.join(" "), values) });
    if (list) blocks.push({ kind: "list", items: list.map((item) => parseInline(item, values)) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = line.match(/^(#{1,3})\s+(.*)$/);
    const item = line.match(/^[-*]\s+(.*)$/);
    if (line === "") flush();
    else if (heading) {
      flush();
      blocks.push({
        kind: "heading",
        level: (heading[1]?.length ?? 1) as 1 | 2 | 3,
        content: parseInline(heading[2] ?? "", values),
      });
    } else if (item) {
      if (paragraph.length > 0) flush();
      list ??= [];
      list.push(item[1] ?? "");
    } else if (list) {
      // A continuation line belongs to the last list item.
      list[list.length - 1] = `${list[list.length - 1]} ${line}`;
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Plain text of inline content; unfilled placeholders read `[label]`. */
export function inlineText(content: Inline[]): string {
  return content
    .map((part) => (part.kind === "placeholder" ? (part.value ?? `[${part.label}]`) : part.text))
    .join("");
}

export function unfilledPlaceholders(blocks: Block[]): string[] {
  const labels = new Set<string>();
  const visit = (content: Inline[]) => {
    for (const part of content) if (part.kind === "placeholder" && !part.value) labels.add(part.label);
  };
  for (const block of blocks) {
    if (block.kind === "list") block.items.forEach(visit);
    else visit(block.content);
  }
  return [...labels];
}

import { type Block, inlineText } from "./markdown.ts";

/**
 * A minimal PDF 1.4 writer for the legal documents: A4 pages, the standard Helvetica fonts (no
 * embedding), word-wrapped text. Enough for a printable policy without a PDF dependency.
 */
const pageWidth = 595;
const pageHeight = 842;
const margin = 56;

// Helvetica's average glyph width is about half the font size; wrapping uses a safe estimate.
function wrap(text: string, size: number, width: number): string[] {
  const maxChars = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** PDF strings in the standard fonts are Latin-1 (WinAnsi); fold the few typographic characters we use. */
function pdfString(text: string): string {
  const folded = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
  return `(${folded.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

interface Line {
  text: string;
  font: "F1" | "F2";
  size: number;
  gapBefore: number;
  indent: number;
}

function layout(blocks: Block[]): Line[] {
  const lines: Line[] = [];
  const width = pageWidth - 2 * margin;
  for (const block of blocks) {
    if (block.kind === "heading") {
      const size = block.level === 1 ? 20 : block.level === 2 ? 14 : 12;
      wrap(inlineText(block.content), size, width).forEach((text, i) => {
        lines.push({ text, font: "F2", size, gapBefore: i === 0 ? size : 2, indent: 0 });
      });
    } else if (block.kind === "paragraph") {
      wrap(inlineText(block.content), 10.5, width).forEach((text, i) => {
        lines.push({ text, font: "F1", size: 10.5, gapBefore: i === 0 ? 8 : 2, indent: 0 });
      });
    } else {
      for (const [index, item] of block.items.entries()) {
        wrap(inlineText(item), 10.5, width - 14).forEach((text, i) => {
          lines.push({
            text: i === 0 ? `- ${text}` : text,
            font: "F1",
            size: 10.5,
            gapBefore: i === 0 ? (index === 0 ? 8 : 4) : 2,
            indent: i === 0 ? 0 : 9,
          });
        });
      }
    }
  }
  return lines;
}

export function renderLegalPdf(blocks: Block[], footer: string): Buffer {
  const pages: string[] = [];
  let stream = "";
  let y = pageHeight - margin;
  const finishPage = () => {
    const number = pages.length + 1;
    stream += `BT /F1 8 Tf ${margin} 32 Td ${pdfString(`${footer} - page ${number}`)} Tj ET\n`;
    pages.push(stream);
    stream = "";
    y = pageHeight - margin;
  };
  for (const line of layout(blocks)) {
    const advance = line.gapBefore + line.size * 1.25;
    if (y - advance < margin + 20) finishPage();
    y -= advance;
    stream += `BT /${line.font} ${line.size} Tf ${margin + line.indent} ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET\n`;
  }
  if (stream || pages.length === 0) finishPage();

  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  pages.forEach((content, i) => {
    const pageId = 5 + i * 2;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`;
  });

  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

// A small RFC 4180 reader for exchange exports: quoted fields (with "" for a quote and line breaks
// inside quotes), CRLF or LF, a UTF-8 byte-order mark ignored. Each row keeps the line of the file
// it starts on, so a preview can say "line 7". Pure.

export interface CsvRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  fields: string[];
}

export function readCsvRows(text: string): CsvRow[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && source[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else field += c;
  }
  if (field !== "" || fields.length > 0) endRow();
  return rows;
}

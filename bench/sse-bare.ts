// The reference for bench/sse-bench.ts: the least a Node server can do to broadcast a price change
// over Server-Sent Events. Plain node:http, no framework, no database: a POST /price builds the
// event once and writes it to every open stream. Run in its own process (like the app server), so
// the two are measured the same way from the same client process.
//
//   node bench/sse-bare.ts <port> <initial event JSON file>
import { readFileSync } from "node:fs";
import http from "node:http";

const port = Number(process.argv[2] ?? 3351);
const initialFile = process.argv[3];
// The app's own first event, so the bare server sends the same bytes per client.
let data = initialFile ? readFileSync(initialFile, "utf8").trim() : '{"quotes":[]}';
const streams = new Set<http.ServerResponse>();

const server = http.createServer((req, res) => {
  if (req.url === "/api/stream/quotes") {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "close",
    });
    res.write(`retry: 5000\n\nevent: quotes\ndata: ${data}\n\n`);
    streams.add(res);
    req.on("close", () => streams.delete(res));
    return;
  }
  if (req.url === "/price" && req.method === "POST") {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const { symbol, priceUsd } = JSON.parse(body) as { symbol: string; priceUsd: string };
      const event = JSON.parse(data) as { quotes: { symbol: string; priceUsd: string }[] };
      for (const quote of event.quotes) if (quote.symbol === symbol) quote.priceUsd = priceUsd;
      data = JSON.stringify(event);
      // One buffer for every client, as a broadcaster should.
      const bytes = Buffer.from(`event: quotes\ndata: ${data}\n\n`);
      for (const stream of streams) stream.write(bytes);
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
    return;
  }
  res.writeHead(404).end();
});
server.maxConnections = 100_000;
server.listen(port, "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});

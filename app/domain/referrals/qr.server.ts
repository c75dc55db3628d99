// The referral link's QR code, drawn on the server as SVG (ADR 0084): the page shows it without
// any script, and it scales sharply at every size.
import QRCode from "qrcode";

/** A data: URL of the link's QR code as SVG, for an <img>. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** A MIME body part in its charset, whatever its transfer encoding. */
function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** A header's encoded words (RFC 2047) decoded. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );

/** An email's subject and its plain text and HTML, read the way a mail client reads them. */
export function readMail(raw: string): { subject: string; text: string; html: string } {
  const split = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    return {
      headers: part.slice(0, at).replace(/\r?\n[ \t]+/g, " "),
      body: part.slice(at).replace(/^\r?\n\r?\n/, ""),
    };
  };
  const { headers, body } = split(raw);
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? "");
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(split) : [{ headers, body }];
  const of = (type: string) => {
    const part = parts.find((p) => new RegExp(`content-type:\\s*${type}`, "i").test(p.headers));
    return part ? decodePart(part.headers, part.body) : "";
  };
  const lines = (text: string) => text.replace(/\r\n/g, "\n");
  return { subject, text: lines(of("text/plain")), html: lines(of("text/html")) };
}

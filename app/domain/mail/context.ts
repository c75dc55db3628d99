/** What an e-mail's words need from the deployment; read from the config when a message is delivered. */
export interface MailContext {
  readonly brand: string;
  /** Without a trailing slash. */
  readonly publicUrl: string;
  /** The operator's public contact address, when configured. */
  readonly contactEmail?: string | undefined;
}

export function mailContextOf(config: {
  brand: { name: string; contactEmail?: string | undefined };
  publicUrl: string;
}): MailContext {
  return Object.freeze({
    brand: config.brand.name,
    publicUrl: config.publicUrl.replace(/\/$/, ""),
    contactEmail: config.brand.contactEmail,
  });
}

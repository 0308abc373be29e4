/**
 * A news body. The server sanitises every stored body (sanitize-html allowlist: no scripts, handlers, styles
 * or javascript: links; docs/decisions.md #9), so it is rendered as it is, inside a styled article body.
 */
export function NewsHtml({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save by the server's allowlist
  return <div className="news-html" data-testid="news-html" dangerouslySetInnerHTML={{ __html: html }} />;
}

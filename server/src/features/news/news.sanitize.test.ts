import { describe, expect, it } from 'vitest';
import { hasVisibleContent, sanitizeNewsHtml } from './news.sanitize';

const own = `/api/files/${'ab'.repeat(16)}`;

describe('sanitizeNewsHtml', () => {
  it('keeps images from our uploads and https only', () => {
    expect(sanitizeNewsHtml(`<p><img src="${own}" alt="a"><img src="${own}/thumbnail"></p>`)).toBe(
      `<p><img src="${own}" alt="a" /><img src="${own}/thumbnail" /></p>`,
    );
    for (const src of ['http://x.vn/a.png', '//evil.example/a.png', '/api/files/../x', 'javascript:alert(1)', '']) {
      expect(sanitizeNewsHtml(`<p>a<img src="${src}"></p>`), src).toBe('<p>a</p>');
    }
  });

  it('drops protocol-relative and script links, encoded tricks, styles and unknown tags', () => {
    expect(sanitizeNewsHtml('<a href="//evil.example">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeNewsHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeNewsHtml('<a href="java&#x09;script:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeNewsHtml('<a href="/news/5" rel="opener" target="_top">x</a>')).toBe(
      '<a href="/news/5" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeNewsHtml('<p style="background:url(javascript:x)">a</p><style>p{}</style><svg><g/></svg>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeNewsHtml('<pre><code>&lt;b&gt;</code></pre><blockquote>q</blockquote><hr><h4>t</h4>')).toBe(
      '<pre><code>&lt;b&gt;</code></pre><blockquote>q</blockquote><hr /><h4>t</h4>',
    );
  });

  it('says whether anything visible is left', () => {
    expect(hasVisibleContent('<p> </p>')).toBe(false);
    expect(hasVisibleContent(`<p><img src="${own}" /></p>`)).toBe(true);
    expect(hasVisibleContent('<p>chữ</p>')).toBe(true);
  });
});

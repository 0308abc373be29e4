import { securityHeadersOf } from '../lib/security-headers';

/** The security headers of every answer, with the portal's Content-Security-Policy (docs/security.md). */
export const PORTAL_SECURITY_HEADERS = securityHeadersOf({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd injects its CSS-in-JS as <style> elements.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Map tiles and uploaded photos.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // The ALTCHA widget solves its proof of work in blob: workers.
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

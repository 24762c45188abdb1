// Security headers of every reply (helmet). The content security policy fits the built portal:
// its scripts are files of its own origin; antd writes style tags at run time, so inline styles
// are allowed; pictures may come from anywhere over https (hotel photos, QR codes) or be data:
// and blob: URLs; the API is the portal's own origin. Partners embed the portal in their apps,
// so their origins (PARTNER_ORIGINS) may frame it besides the portal itself.
import Fastify from "fastify";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";

export function securityHeaders(partnerOrigins: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      // Written out in full: helmet's defaults add upgrade-insecure-requests, which would break
      // a portal served over plain http on a private network.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The reimbursement document's preview shows its PDF, fetched with the session, in a frame
        // of a blob: URL the page made; no other page is framed.
        frameSrc: ["'self'", "blob:"],
        frameAncestors: ["'self'", ...partnerOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // frame-ancestors above decides who may frame the portal; X-Frame-Options cannot name partners.
    frameguard: false,
    // Other sites learn at most the portal's origin, never a path or query (tokens travel in some).
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HTTPS only for this host once seen over HTTPS; sibling hosts of the domain are not bound.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  };
}

/**
 * The header values helmet writes for these options, computed once: helmet builds its whole
 * middleware again for every request, a few percent of a short API call's CPU. The values do
 * not depend on the request, so one sample reply of a bare server with helmet gives them all.
 */
export async function securityHeaderValues(partnerOrigins: readonly string[]): Promise<[string, string][]> {
  const headersOf = async (withHelmet: boolean) => {
    const app = Fastify();
    if (withHelmet) await app.register(helmet, securityHeaders(partnerOrigins));
    app.get("/", async () => "");
    const res = await app.inject({ method: "GET", url: "/" });
    await app.close();
    return res.headers;
  };
  const plain = await headersOf(false);
  const secured = await headersOf(true);
  return Object.entries(secured)
    .filter(([name]) => !(name in plain))
    .map(([name, value]) => [name, String(value)]);
}

/**
 * Optional outside services of SPEC §7 (error reporting, page-view analytics, ad pixel). Each one
 * loads only when its id is configured on the server; with none set nothing is loaded.
 */
type Services = { sentry_dsn: string | null; analytics_id: string | null; pixel_id: string | null };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string; callMethod?: (...a: unknown[]) => void };
  }
}

let started = false;

function loadScript(src: string) {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

export function startServices(services: Services) {
  if (started) return;
  started = true;
  if (services.analytics_id) {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = (...args: unknown[]) => window.dataLayer?.push(args);
    window.gtag('js', new Date());
    window.gtag('config', services.analytics_id, { send_page_view: false });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(services.analytics_id)}`);
  }
  if (services.pixel_id) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue?.push(args);
    }) as NonNullable<Window['fbq']>;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    window.fbq = fbq;
    loadScript('https://connect.facebook.net/en_US/fbevents.js');
    fbq('init', services.pixel_id);
  }
  if (services.sentry_dsn) {
    // Full trace sampling (SPEC §7): uncaught errors are posted to the configured DSN's store endpoint.
    const dsn = new URL(services.sentry_dsn);
    const project = dsn.pathname.replace(/^\//, '');
    const endpoint = `${dsn.protocol}//${dsn.host}/api/${project}/store/?sentry_key=${dsn.username}&sentry_version=7`;
    const report = (message: string, stack?: string) =>
      void fetch(endpoint, {
        method: 'POST',
        body: JSON.stringify({ message, platform: 'javascript', extra: { stack, url: window.location.href } }),
        keepalive: true,
      }).catch(() => undefined);
    window.addEventListener('error', (e) => report(e.message, e.error?.stack));
    window.addEventListener('unhandledrejection', (e) => report(String(e.reason), e.reason?.stack));
  }
}

export function trackPage(services: Services, path: string) {
  startServices(services);
  if (services.analytics_id) window.gtag?.('event', 'page_view', { page_path: path });
  // SPEC §7: an ad pixel custom event per route.
  if (services.pixel_id) window.fbq?.('trackCustom', 'RouteView', { path });
}

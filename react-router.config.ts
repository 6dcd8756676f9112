import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's behaviour, adopted in 7 (https://reactrouter.com/7.18.1/upgrading/future).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // Not yet: with it, loaders, actions and middleware get the raw request, whose URL ends in
    // ".data" on client navigations; some 40 of them read paths and redirect targets from
    // `request.url`. Adopting it means moving each to the `url` argument first. `false` (not
    // left unset) records that choice and keeps the build from warning about it every time.
    v8_passThroughRequests: false,
  },
} satisfies Config;

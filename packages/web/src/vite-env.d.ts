/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The artifact preview's vendor folder name (scripts/build-vendor.mjs); absent in dev. */
  readonly VITE_ARTIFACT_VENDOR?: string;
  /** JSON: each vendor entry's shared chunks, for preloading ({ react: ['chunk-….js'], … }). */
  readonly VITE_ARTIFACT_VENDOR_DEPS?: string;
}

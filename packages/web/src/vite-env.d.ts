/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The artifact preview's vendor folder name (scripts/build-vendor.mjs); absent in dev. */
  readonly VITE_ARTIFACT_VENDOR?: string;
}

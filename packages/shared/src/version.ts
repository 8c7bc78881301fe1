// The root package.json's "version" alone (a named import: the bundlers keep that one field).
import { version } from "../../../package.json";

/**
 * The release (semver, the root package.json's "version"; CHANGELOG.md says what each one
 * changed): GET /healthz's body, the About page's footer, `npm run admin -- --version`, and the
 * image's org.opencontainers.image.version label.
 */
export const APP_VERSION: string = version;

// zod 4 compiles object parsers with `new Function` when it can. The server's Content-Security-Policy
// (script-src 'self') forbids eval, so even zod's feature probe shows up as a CSP violation. Turn the
// JIT off (the interpreted parser is plenty fast for forms) without importing zod into the first
// screen's bundle: zod keeps its global config on globalThis.__zod_globalConfig and adopts an object
// already there (zod 4.x, v4/core/core.js). Must run before the first schema is parsed.
const host = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
host.__zod_globalConfig = { ...host.__zod_globalConfig, jitless: true };

export {};

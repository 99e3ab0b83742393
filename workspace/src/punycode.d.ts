// The userland punycode package (punycode.js 2): imported as 'punycode/' so no bundler or test runner
// takes Node's deprecated built-in module of the same name instead (the package's README).
declare module 'punycode/' {
  /** a Punycode-encoded domain name or e-mail address (xn--…) as Unicode; other labels unchanged */
  export function toUnicode(input: string): string;
}

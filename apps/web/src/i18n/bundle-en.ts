/** Every en namespace in one chunk, loaded only when the interface is in this language. */
const files = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
const bundle: Record<string, Record<string, unknown>> = {};
for (const [path, data] of Object.entries(files)) bundle[path.slice('./en/'.length, -'.json'.length)] = data;
export default bundle;

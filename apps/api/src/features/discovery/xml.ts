/** XML text and attribute values: the five predefined entities, and no character XML 1.0 forbids. */
export function xmlText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 cannot carry
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string)
  );
}

/** An element with escaped text, or nothing when the value is empty. */
export const el = (name: string, value: string | null | undefined) => (value ? `<${name}>${xmlText(value)}</${name}>` : '');

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

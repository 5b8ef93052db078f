/**
 * Text a user wrote (a message, a subject, a name, a call's title), made safe to quote in a mail: its links are shown,
 * not live. Mail clients turn anything that looks like an address into a link, in the text part and in the HTML alike,
 * so escaping is not enough: the scheme and the dots of the host are written the way security mail does it
 * (`hxxps[://]example[.]com/path`), which no client links and every reader can still read (issue #20: a first
 * message's links are not clickable; the mail is no back door).
 */
const LINKISH = /\b(?:[a-z][a-z0-9+.-]{1,15}:\/\/|www\.)[^\s<>"']+|\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b(?:[/?#][^\s<>"']*)?/gi;

export function defang(text: string): string {
  return text.replace(LINKISH, (found) => {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(found);
    const rest = scheme ? found.slice(scheme[0].length) : found;
    const end = rest.search(/[/?#]/);
    const host = end < 0 ? rest : rest.slice(0, end);
    const tail = end < 0 ? '' : rest.slice(end);
    const shownScheme = scheme ? `${scheme[1].replace(/^http/i, (h) => `${h[0]}xx${h[3]}`)}[://]` : '';
    return `${shownScheme}${host.replaceAll('.', '[.]')}${tail}`;
  });
}

// nginx's effective configuration as `nginx -T` prints it: every file nginx read, in the order it
// read them, each after a "# configuration file <path>:" line. The directives are found with the
// block they sit in (http, server, location, ...), following each include into the files it names,
// so an action can change a directive where it takes effect instead of only at the http level.

/** One directive as written: where it is and in which blocks. */
export type NginxDirective = {
  file: string;
  /** Its line in the file, from 0. */
  line: number;
  /** The enclosing blocks, outermost first: ['http', 'server'] for a server block's directive. */
  context: string[];
  name: string;
  /** Its arguments as written, without the final ';'. */
  args: string;
  /**
   * The block it is in, as nginx sees it: `file:line` of the block's opening line (an included
   * file's top level is the block of its include), '' at the main file's top.
   */
  block: string;
};

export type NginxConfig = {
  /** The files nginx read, by path, with their text. */
  files: Map<string, string>;
  directives: NginxDirective[];
};

const FILE_HEADER = /^# configuration file (.+):$/;

/** The files of an `nginx -T` dump, in its order. */
function splitDump(dump: string): Map<string, string> {
  const files = new Map<string, string>();
  let path: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (path !== null) files.set(path, lines.length ? `${lines.join('\n')}\n` : '');
  };
  for (const line of dump.replace(/\n$/, '').split('\n')) {
    const header = FILE_HEADER.exec(line);
    if (header) {
      flush();
      path = header[1] as string;
      lines = [];
    } else if (path !== null) lines.push(line);
  }
  flush();
  // A file nginx prints ends with the blank line it puts before the next header.
  for (const [p, text] of files) files.set(p, text.replace(/\n\n$/, '\n'));
  return files;
}

/** An include's glob (`*`, `?` and `[...]`) as a regular expression over whole paths. */
function globRegex(pattern: string): RegExp {
  let out = '';
  for (const c of pattern) {
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[' || c === ']') out += c;
    else out += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

type Token = { text: string; line: number };

/** Words, quoted strings, `;`, `{` and `}` with their lines; comments dropped. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  let line = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\n') line += 1;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === ';' || c === '{' || c === '}') {
      out.push({ text: c, line });
      i += 1;
    } else if (c === '"' || c === "'") {
      const start = i;
      const startLine = line;
      i += 1;
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\') i += 1;
        if (text[i] === '\n') line += 1;
        i += 1;
      }
      i += 1;
      out.push({ text: text.slice(start, i), line: startLine });
    } else {
      const start = i;
      while (i < text.length && !/[\s;{}#]/.test(text[i] as string)) i += 1;
      out.push({ text: text.slice(start, i), line });
    }
  }
  return out;
}

/**
 * The directives of an `nginx -T` dump. `prefix` is nginx's configuration folder, against which
 * relative includes resolve (/etc/nginx on Debian).
 */
export function parseNginxDump(dump: string, prefix = '/etc/nginx'): NginxConfig {
  const files = splitDump(dump);
  const includes: { pattern: RegExp; context: string[]; blocks: string[] }[] = [];
  const directives: NginxDirective[] = [];
  let first = true;
  for (const [file, text] of files) {
    // The main file starts at the top; an included one where its include stood.
    const including = first ? undefined : includes.find((inc) => inc.pattern.test(file));
    first = false;
    const stack = [...(including?.context ?? [])];
    const blocks = [...(including?.blocks ?? [])];
    let words: Token[] = [];
    for (const token of tokens(text)) {
      if (token.text === '{') {
        stack.push(words[0]?.text ?? '');
        blocks.push(`${file}:${words[0]?.line ?? token.line}`);
        words = [];
      } else if (token.text === '}') {
        stack.pop();
        blocks.pop();
        words = [];
      } else if (token.text === ';') {
        const [name, ...args] = words;
        if (name) {
          directives.push({
            file,
            line: name.line,
            context: [...stack],
            name: name.text,
            args: args.map((a) => a.text).join(' '),
            block: blocks.at(-1) ?? '',
          });
          if (name.text === 'include' && args[0]) {
            const target = args[0].text.replace(/^["']|["']$/g, '');
            const path = target.startsWith('/') ? target : `${prefix}/${target}`;
            includes.push({ pattern: globRegex(path), context: [...stack], blocks: [...blocks] });
          }
        }
        words = [];
      } else words.push(token);
    }
  }
  return { files, directives };
}

/** The directives named `name` that take effect (in http, server or location blocks). */
export function directivesNamed(config: NginxConfig, name: string): NginxDirective[] {
  return config.directives.filter((d) => d.name === name && d.context.includes('http'));
}

/** Whether `name` is set at the http level itself (not in a server or location block). */
export function setAtHttpLevel(config: NginxConfig, name: string): boolean {
  return directivesNamed(config, name).some((d) => d.context.at(-1) === 'http');
}

/**
 * The blocks below the http level (server, location, if) that have `name` directives of their
 * own, by block, each with its directives in order. nginx inherits such array directives
 * (add_header, ...) from the level above only into blocks that have none of their own.
 */
export function blocksSetting(config: NginxConfig, name: string): NginxDirective[][] {
  const byBlock = new Map<string, NginxDirective[]>();
  for (const d of directivesNamed(config, name))
    if (d.context.at(-1) !== 'http') byBlock.set(d.block, [...(byBlock.get(d.block) ?? []), d]);
  return [...byBlock.values()];
}

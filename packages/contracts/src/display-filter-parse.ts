// Recursive-descent parser of the display-filter subset, compiling straight to closures:
//   or  := and (('or' | '||') and)*          precedence: not > and > or
//   and := not (('and' | '&&') not)*
//   not := ('not' | '!') not | primary
//   primary := '(' or ')' | field [op value | 'in' '{' value... '}'] | protocol
import { FILTER_PROTOCOLS, fieldLookup, protocolPresence } from './display-filter-fields.ts';
import { FilterSyntaxError, type FilterToken, tokenizeFilter } from './display-filter-lexer.ts';
import {
  type CompareOp,
  type Literal,
  parseLiteral,
  type ValueTest,
  valueTest,
} from './display-filter-values.ts';
import type { TPacket } from './packets.ts';

export type PacketPredicate = (packet: TPacket) => boolean;

const OPERATORS: Record<string, CompareOp> = {
  '==': 'eq',
  eq: 'eq',
  '!=': 'ne',
  ne: 'ne',
  '~=': 'any_ne',
  any_ne: 'any_ne',
  '>': 'gt',
  gt: 'gt',
  '<': 'lt',
  lt: 'lt',
  '>=': 'ge',
  ge: 'ge',
  '<=': 'le',
  le: 'le',
  contains: 'contains',
};

const RESERVED = new Set([...Object.keys(OPERATORS), 'in', 'and', 'or', 'not']);

const FIELD_NAME = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/;

const describe = (token: FilterToken | undefined) =>
  token === undefined ? 'the end of the filter' : `'${token.text}'`;

class Parser {
  private index = 0;
  constructor(
    private readonly tokens: FilterToken[],
    private readonly end: number,
  ) {}

  parse(): PacketPredicate {
    const predicate = this.parseOr();
    const extra = this.peek();
    if (extra) throw this.error(`unexpected ${describe(extra)} (expected 'and', 'or' or the end)`);
    return predicate;
  }

  private peek(): FilterToken | undefined {
    return this.tokens[this.index];
  }

  private error(message: string, token = this.peek()): FilterSyntaxError {
    return new FilterSyntaxError(message, token?.pos ?? this.end);
  }

  private takeKeyword(...words: string[]): FilterToken | undefined {
    const token = this.peek();
    if (!token || token.kind === 'string') return undefined;
    if (!words.includes(token.kind === 'word' ? token.text.toLowerCase() : token.text)) return;
    this.index++;
    return token;
  }

  private operand(after: FilterToken, parse: () => PacketPredicate): PacketPredicate {
    if (!this.peek()) throw this.error(`expected an expression after '${after.text}'`);
    return parse();
  }

  private parseOr(): PacketPredicate {
    const parts = [this.parseAnd()];
    for (let op = this.takeKeyword('or', '||'); op; op = this.takeKeyword('or', '||'))
      parts.push(this.operand(op, () => this.parseAnd()));
    if (parts.length === 1) return parts[0]!;
    return (p) => parts.some((part) => part(p));
  }

  private parseAnd(): PacketPredicate {
    const parts = [this.parseNot()];
    for (let op = this.takeKeyword('and', '&&'); op; op = this.takeKeyword('and', '&&'))
      parts.push(this.operand(op, () => this.parseNot()));
    if (parts.length === 1) return parts[0]!;
    return (p) => parts.every((part) => part(p));
  }

  private parseNot(): PacketPredicate {
    const op = this.takeKeyword('not', '!');
    if (!op) return this.parsePrimary();
    const inner = this.operand(op, () => this.parseNot());
    return (p) => !inner(p);
  }

  private parsePrimary(): PacketPredicate {
    const token = this.peek();
    if (token?.kind === 'symbol' && token.text === '(') {
      this.index++;
      const inner = this.parseOr();
      if (!this.takeKeyword(')')) throw this.error("unclosed '('", token);
      return inner;
    }
    if (token?.kind !== 'word' || RESERVED.has(token.text.toLowerCase()))
      throw this.error(`expected a field or protocol name, found ${describe(token)}`);
    this.index++;
    return this.parseField(token);
  }

  private parseField(token: FilterToken): PacketPredicate {
    const name = token.text.toLowerCase();
    const dot = name.indexOf('.');
    const protocol = dot < 0 ? name : name.slice(0, dot);
    if (!FIELD_NAME.test(name) || !FILTER_PROTOCOLS.has(protocol))
      throw this.error(`'${token.text}' is neither a field nor a protocol name`, token);
    const next = this.peek();
    const opText = next && next.kind !== 'string' ? next.text.toLowerCase() : '';
    const op = OPERATORS[opText];
    if (!op && opText !== 'in') {
      if (dot < 0) return protocolPresence(name);
      const lookup = fieldLookup(name);
      return (p) => lookup(p, present);
    }
    if (dot < 0)
      throw this.error(
        `'${token.text}' is a protocol; compare one of its fields, such as ${name}.<field>`,
        token,
      );
    this.index++;
    const lookup = fieldLookup(name);
    if (op === undefined) {
      const test = this.parseSet(next!);
      return (p) => lookup(p, test);
    }
    const lit = this.parseValue(next!);
    const eq = valueTest('eq', lit);
    // Wireshark: "a != b" holds when the field is there and no occurrence equals b.
    if (op === 'ne') return (p) => lookup(p, present) && !lookup(p, eq);
    const test = valueTest(op, lit);
    return (p) => lookup(p, test);
  }

  private parseValue(op: FilterToken): Literal {
    const token = this.peek();
    if (!token || token.kind === 'symbol' || (token.kind === 'word' && RESERVED.has(token.text)))
      throw this.error(`expected a value after '${op.text}'`);
    this.index++;
    return parseLiteral(token.text, token.kind === 'string');
  }

  private parseSet(op: FilterToken): ValueTest {
    const open = this.peek();
    if (!this.takeKeyword('{')) throw this.error(`expected '{' after '${op.text}'`);
    const tests: ValueTest[] = [];
    for (;;) {
      if (this.takeKeyword('}')) break;
      if (this.takeKeyword(',')) continue;
      if (!this.peek()) throw this.error("unclosed '{'", open);
      tests.push(this.setMember(op));
    }
    if (tests.length === 0) throw this.error(`the set after '${op.text}' is empty`, open);
    return (v) => tests.some((test) => test(v));
  }

  private setMember(op: FilterToken): ValueTest {
    const token = this.peek()!;
    const range = token.kind === 'word' ? token.text.split('..') : [];
    if (range.length !== 2) return valueTest('eq', this.parseValue(op));
    this.index++;
    const low = parseLiteral(range[0]!, false);
    const high = parseLiteral(range[1]!, false);
    if (low.num === null || high.num === null)
      throw this.error(`a range in a set needs two numbers, found '${token.text}'`, token);
    const ge = valueTest('ge', low);
    const le = valueTest('le', high);
    return (v) => ge(v) && le(v);
  }
}

const present: ValueTest = () => true;

/** Compiles a display filter to a packet predicate; throws FilterSyntaxError. */
export function parseDisplayFilter(text: string): PacketPredicate {
  return new Parser(tokenizeFilter(text), text.length + 1).parse();
}

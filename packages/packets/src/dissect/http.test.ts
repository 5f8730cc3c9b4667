import { describe, expect, it } from 'vitest';
import { ethernet, frameOf, ipv4, tcp } from '../testing/frame-builder.ts';
import { fieldValue } from '../testing/packet-fields.ts';
import { createDissectContext, type DissectOptions, dissectFrame } from './index.ts';

const over = (src: number, dst: number, payload: string, options?: DissectOptions) =>
  dissectFrame(
    frameOf(
      ethernet(
        '02:00:00:00:00:01',
        '02:00:00:00:00:02',
        0x0800,
        ipv4('127.0.0.1', '127.0.0.2', 6, tcp(src, dst, { flags: 0x18 }, payload)),
      ),
    ),
    options,
  );

describe('HTTP', () => {
  it('reads a request on any port, with its method, URI and headers', () => {
    const packet = over(
      51000,
      3000,
      'GET /index.html HTTP/1.1\r\nHost: example.test:3000\r\nUser-Agent: curl/7.88.1\r\n\r\n',
    );
    expect([packet.protocol, packet.info]).toEqual(['HTTP', 'GET /index.html HTTP/1.1 ']);
    expect(fieldValue(packet, 'http.request.method')).toBe('GET');
    expect(fieldValue(packet, 'http.request.uri')).toBe('/index.html');
    expect(fieldValue(packet, 'http.host')).toBe('example.test:3000');
    expect(fieldValue(packet, 'http.user_agent')).toBe('curl/7.88.1');
  });

  it('reads a response with its code and the media type in Info', () => {
    const packet = over(
      3000,
      51000,
      'HTTP/1.1 404 Not Found\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 9\r\n\r\nnot here\n',
    );
    expect(packet.info).toBe('HTTP/1.1 404 Not Found  (text/html)');
    expect(fieldValue(packet, 'http.response.code')).toBe(404);
    expect(fieldValue(packet, 'http.response.phrase')).toBe('Not Found');
    expect(fieldValue(packet, 'http.content_length')).toBe(9);
  });

  it('calls other payload on an HTTP port a continuation, and leaves it alone elsewhere', () => {
    expect(over(80, 51000, '<html>more body</html>').info).toBe('Continuation');
    expect(over(3000, 51000, '<html>more body</html>').protocol).toBe('TCP');
  });

  it('follows a decode-as rule like tshark -d', () => {
    const context = createDissectContext({ decodeAs: ['tcp.port==3000,http'] });
    expect(over(3000, 51000, 'body bytes', { context }).info).toBe('Continuation');
  });
});

describe('HTTP bodies over several segments (with a context)', () => {
  const client = ['127.0.0.1', 51000] as const;
  const server = ['127.0.0.2', 8080] as const;
  let seq = 1000;
  const send = (
    payload: string,
    context: ReturnType<typeof createDissectContext>,
    flags = 0x18,
    at = seq,
  ) => {
    seq = at + payload.length;
    const segment = tcp(server[1], client[1], { seq: at, flags }, payload);
    return dissectFrame(
      frameOf(
        ethernet(
          '02:00:00:00:00:01',
          '02:00:00:00:00:02',
          0x0800,
          ipv4(server[0], client[0], 6, segment),
        ),
      ),
      { context },
    );
  };

  it('shows a Content-Length body where it completes, earlier segments as TCP', () => {
    const context = createDissectContext();
    const head = send(
      'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\n1234',
      context,
      0x18,
      1000,
    );
    expect([head.protocol, head.info]).toEqual([
      'TCP',
      'HTTP/1.1 200 OK  [TCP segment of a reassembled PDU]',
    ]);
    expect(head.layers.map((l) => l.name)).not.toContain('http');
    const middle = send('567', context);
    expect(middle.protocol).toBe('TCP');
    expect(middle.info).toMatch(
      /^8080 → 51000 \[PSH, ACK\] .* Len=3 \[TCP segment of a reassembled PDU\]$/,
    );
    const last = send('890', context);
    expect([last.protocol, last.info]).toEqual(['HTTP', 'HTTP/1.1 200 OK  (text/plain)']);
    expect(fieldValue(last, 'http.response.code')).toBe(200);
  });

  it('follows chunks to the last one, and a body that ends with the connection', () => {
    const context = createDissectContext();
    send('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab', context, 0x18, 5000);
    expect(send('cde\r\n3\r\nfgh\r\n', context).info).toBe(
      'HTTP/1.1 200 OK  [TCP segment of a reassembled PDU]',
    );
    expect(send('0\r\n\r\n', context).info).toBe('HTTP/1.1 200 OK ');
    const closing = createDissectContext();
    send('HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<html>', closing, 0x18, 9000);
    expect(send('</html>', closing).protocol).toBe('TCP');
    const fin = send('', closing, 0x11);
    expect([fin.protocol, fin.info]).toEqual(['HTTP', 'HTTP/1.0 200 OK  (text/html)']);
  });

  it('drops a message when a segment does not follow on', () => {
    const context = createDissectContext();
    send('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n', context, 0x18, 1000);
    // A gap in the sequence numbers: the continuation is no longer known.
    expect(send('x'.repeat(100), context, 0x18, seq + 50).protocol).toBe('HTTP');
  });
});

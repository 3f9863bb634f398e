import http from 'node:http';

/**
 * fetch's call shape over node:http with kept-alive connections, for load generators that share the server's cores:
 * undici's fetch spends about a millisecond of CPU per call, this a fraction of it. Plain http only, no redirects, no
 * compression (it asks for none); enough for the helpers' JSON calls.
 */
export const createHttpTransport = () => {
  const agent = new http.Agent({ keepAlive: true });
  const transport = (url: URL, init: RequestInit): Promise<{ status: number; headers: Headers; text: () => Promise<string> }> =>
    new Promise((resolve, reject) => {
      const body = typeof init.body === 'string' ? init.body : undefined;
      const headers = { ...(init.headers as Record<string, string>), ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
      const req = http.request(url, { method: init.method ?? 'GET', headers, agent, signal: init.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const answered = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answered.set(name, Array.isArray(value) ? value.join(', ') : value);
          resolve({ status: res.statusCode ?? 0, headers: answered, text: async () => text });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return { transport, close: () => agent.destroy() };
};

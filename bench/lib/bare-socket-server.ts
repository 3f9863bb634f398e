// The sockets bench's baseline: a bare socket.io server (no auth, no rooms, no database) that emits the same
// `system:status` payload to every socket when its parent asks over IPC. Prints nothing; sends its port.
import http from 'node:http';
import { Server } from 'socket.io';

const server = http.createServer();
const io = new Server(server, { serveClient: false });
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message: { emit?: boolean; maintenance?: boolean }) => {
  if (message.emit) io.emit('system:status', { maintenance: Boolean(message.maintenance), eventId: 0, at: new Date().toISOString() });
});
process.on('disconnect', () => {
  io.close();
  process.exit(0);
});

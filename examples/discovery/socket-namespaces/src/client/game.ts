import { io } from 'socket.io-client';

export class GameClient {
  private socket = io('/game');

  move(m: string) {
    this.socket.emit('message', m);
  }

  sit(table: string) {
    this.socket.emit('join', table);
  }

  listen(show: (who: { id: string }) => void) {
    this.socket.on('seated', show);
  }
}

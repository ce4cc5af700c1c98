import type { Server } from 'socket.io';

type ChangeName = 'notes.create' | 'notes.update' | 'notes.delete' | 'boards.archive' | 'boards.move' | 'boards.pin';

export interface Change {
  name: ChangeName;
  type: string;
  modelId: string;
  teamId: string;
}

/** Pushes each stored change to the browsers watching it, under the change's own name. */
export class ChangeRelay {
  constructor(private readonly socketio: Server) {}

  async relay(change: Change) {
    const { socketio } = this;
    switch (change.name) {
      case 'notes.create':
      case 'notes.update':
        // The rooms come from a method call: the receiver holds nested parentheses.
        return socketio.to(this.roomsFor(change, 'note')).emit(change.name, { id: change.modelId });
      case 'notes.delete': {
        socketio.to(`team-${change.teamId}`).emit(change.name, { id: change.modelId });
        return;
      }
      case 'boards.archive':
        console.log('archiving', change.modelId);
      // falls through: here the name may be either label, so it is no key
      case 'boards.move':
        return socketio.to([`team-${change.teamId}`]).emit(change.name, {});
      default:
        socketio.emit(change.name, {});
    }
  }

  relayByType(change: Change) {
    // A switch on another expression says nothing of `change.name`.
    switch (change.type) {
      case 'boards.pin':
        this.socketio.emit(change.name, {});
    }
  }

  private roomsFor(change: Change, kind: string) {
    return [`${kind}-${change.modelId}`, `team-${change.teamId}`];
  }
}

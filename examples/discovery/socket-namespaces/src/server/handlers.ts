export function onChatMessage(text: string) {
  console.log('chat', text);
}

export function onGameMessage(move: string) {
  console.log('game', move);
}

/** Runs `work` and counts the event-loop turns taken while it ran: 0 means it blocked throughout. */
export async function countingTurns<T>(
  work: () => Promise<T>,
): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  try {
    return { result: await work(), turns };
  } finally {
    counting = false;
  }
}

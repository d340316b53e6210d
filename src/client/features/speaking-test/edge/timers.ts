/* The flow's named timers (schedule, cancelTimer): one pending timer per name, TIMER when it fires. */
import type { Command } from '../flow/types';
import type { EdgeContext } from './context';

export type TimerCommand = Extract<Command, { type: 'schedule' | 'cancelTimer' }>;

export function runTimerCommand(command: TimerCommand, { resources, send }: EdgeContext): void {
  if (command.type === 'schedule') {
    const { timer, delayMs } = command;
    const previous = resources.timers.get(timer);
    if (previous !== undefined) window.clearTimeout(previous);
    resources.timers.set(
      timer,
      window.setTimeout(() => {
        resources.timers.delete(timer);
        send({ type: 'TIMER', timer });
      }, delayMs),
    );
    return;
  }
  const handle = resources.timers.get(command.timer);
  if (handle !== undefined) window.clearTimeout(handle);
  resources.timers.delete(command.timer);
}

import {
  PACKET_MESSAGES,
  PACKETS_LIVE_PATH,
  type TLiveCaptureStart,
  type TPacket,
} from '@netguard/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { refreshSession } from '@/features/auth/session';
import { getAuthState } from '@/features/auth/session-store';
import { appendCapped } from '@/features/packets/live-buffer';
import { openLiveSocket, type TLiveEvent, type TLiveSocket } from '@/features/packets/live-socket';
import { socketUrl } from '@/lib/json-socket';

export type TLivePhase = 'idle' | 'starting' | 'capturing' | 'stopping';

/**
 * The Live source: a capture on a server interface over the live socket. Holds the newest 1000
 * packets and counts those that arrived in the last second for the Packets/sec card.
 */
export function useLiveCapture() {
  const [packets, setPackets] = useState<TPacket[]>([]);
  const [phase, setPhaseState] = useState<TLivePhase>('idle');
  // Socket callbacks need the phase as it is now, not as it was when they were made.
  const phaseRef = useRef<TLivePhase>('idle');
  const setPhase = useCallback((next: TLivePhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);
  const [error, setError] = useState<string | null>(null);
  const [rate, setRate] = useState(0);
  /** Packets the server had to drop because this connection could not keep up. */
  const [dropped, setDropped] = useState(0);
  const socket = useRef<TLiveSocket | null>(null);
  const arrived = useRef(0);

  useEffect(() => () => socket.current?.close(), []);
  useEffect(() => {
    if (phase !== 'capturing') return;
    const timer = setInterval(() => {
      setRate(arrived.current);
      arrived.current = 0;
    }, 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const end = useCallback(() => {
    socket.current = null;
    arrived.current = 0;
    setRate(0);
    setPhase('idle');
  }, [setPhase]);

  const onEvent = useCallback(
    (event: TLiveEvent) => {
      if (event.type === 'started') {
        setPhase('capturing');
        toast.success(PACKET_MESSAGES.started, { description: `Capturing on ${event.interface}` });
      } else if (event.type === 'packets') {
        arrived.current += event.packets.length;
        setPackets((held) => appendCapped(held, event.packets));
        if (event.dropped) setDropped((count) => count + (event.dropped ?? 0));
      } else if (event.type === 'stopped') {
        end();
        toast.success(PACKET_MESSAGES.stopped, event.reason ? { description: event.reason } : {});
      } else if (phaseRef.current === 'starting') {
        // The capture never began (bad filter, no permission): show why beside the inputs.
        setError(event.message);
        end();
        toast.error('Could not start the live capture', { description: event.message });
      } else {
        toast.error('Live capture error', { description: event.message });
      }
    },
    [end, setPhase],
  );

  const start = useCallback(
    (capture: TLiveCaptureStart) => {
      if (socket.current) return;
      setError(null);
      setDropped(0);
      setPhase('starting');
      socket.current = openLiveSocket({
        url: socketUrl(window.location, PACKETS_LIVE_PATH),
        capture,
        getAccessToken: () => getAuthState().session?.access_token ?? null,
        refreshSession,
        onEvent,
        onLost: (message) => {
          end();
          toast.error(PACKET_MESSAGES.stopped, { description: message });
        },
      });
    },
    [onEvent, end, setPhase],
  );

  const stop = useCallback(() => {
    if (!socket.current) return;
    setPhase('stopping');
    socket.current.stop();
  }, [setPhase]);
  const clear = useCallback(() => setPackets([]), []);

  const capturing = phase === 'capturing' || phase === 'stopping';
  return { packets, phase, capturing, rate, dropped, error, start, stop, clear };
}

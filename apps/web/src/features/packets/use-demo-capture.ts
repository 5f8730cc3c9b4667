import { PACKET_LIMITS, PACKET_MESSAGES, type TPacket } from '@netguard/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { appendCapped } from '@/features/packets/live-buffer';
import { nextSimulatedDelay, simulatedRate, simulatePacket } from '@/features/packets/simulator';

/**
 * The Demo source: the spec's client-side simulator. While capturing it adds one random packet
 * every 1–3 s and shows a random 10–59 packets/sec; it keeps the newest 1000.
 */
export function useDemoCapture() {
  const [packets, setPackets] = useState<TPacket[]>([]);
  const [capturing, setCapturing] = useState(false);
  const [rate, setRate] = useState(0);
  const nextId = useRef(1);

  useEffect(() => {
    if (!capturing) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        const packet = simulatePacket(nextId.current, Date.now() / 1000);
        nextId.current += 1;
        setPackets((held) => appendCapped(held, [packet], PACKET_LIMITS.maxLivePackets));
        setRate(simulatedRate());
        schedule();
      }, nextSimulatedDelay());
    };
    schedule();
    return () => clearTimeout(timer);
  }, [capturing]);

  const start = useCallback(() => {
    setCapturing(true);
    setRate(simulatedRate());
    toast.success(PACKET_MESSAGES.started, {
      description: 'Demo: simulated packets, not real traffic',
    });
  }, []);
  const stop = useCallback(() => {
    setCapturing(false);
    setRate(0);
    toast.success(PACKET_MESSAGES.stopped);
  }, []);
  const clear = useCallback(() => setPackets([]), []);

  return { packets, capturing, rate, start, stop, clear };
}

// Scanning with the device's camera: the browser's own BarcodeDetector where it has one, else
// ZXing's decoder (loaded only then). Opens the back camera, reads until a code is seen, hands it
// over and closes. Loaded only when the counter asks for the camera.
import { useEffect, useRef, useState } from "react";

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

declare global {
  interface Window {
    BarcodeDetector?: new (options?: { formats?: string[] }) => Detector;
  }
}

/** Reads codes from `video` until one is seen; the returned function stops it. */
async function readCodes(
  video: HTMLVideoElement,
  seen: (code: string) => void,
): Promise<() => void> {
  if (window.BarcodeDetector) {
    const detector = new window.BarcodeDetector();
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      const found = await detector.detect(video).catch(() => []);
      if (found[0]?.rawValue) seen(found[0].rawValue);
      else setTimeout(() => void tick(), 150);
    };
    void tick();
    return () => void (stopped = true);
  }
  const { BrowserMultiFormatReader } = await import("@zxing/browser");
  const reader = new BrowserMultiFormatReader();
  const controls = await reader.decodeFromVideoElement(video, (result) => {
    if (result) seen(result.getText());
  });
  return () => controls.stop();
}

export default function CameraScanner(props: { onCode(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { onCode, onClose } = props;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stop: (() => void) | null = null;
    let done = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        if (done || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        stop = await readCodes(video.current, (code) => {
          if (done) return;
          done = true;
          onCode(code);
        });
      } catch {
        setProblem(
          "The camera could not be opened (no camera, or permission refused). Type or scan the code instead.",
        );
      }
    })();
    return () => {
      done = true;
      stop?.();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);

  return (
    <div className="card camera">
      <video ref={video} muted playsInline aria-label="Camera preview" />
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <button type="button" className="secondary" onClick={onClose}>
        Close camera
      </button>
    </div>
  );
}

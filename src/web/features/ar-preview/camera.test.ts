import { describe, expect, it } from 'vitest';
import { CAMERA_CONSTRAINTS, cameraProblem, cameraUnavailable } from './camera.ts';

describe('camera problems', () => {
  it('an insecure page or a browser without the API says so before asking', () => {
    expect(cameraUnavailable({ isSecureContext: false, hasMediaDevices: false })?.reason).toBe('insecure');
    expect(cameraUnavailable({ isSecureContext: false, hasMediaDevices: false })?.message).toContain('https');
    expect(cameraUnavailable({ isSecureContext: true, hasMediaDevices: false })?.reason).toBe('unsupported');
    expect(cameraUnavailable({ isSecureContext: true, hasMediaDevices: true })).toBeNull();
  });

  it('maps getUserMedia errors to reasons, each offering the photo instead', () => {
    const err = (name: string) => new DOMException('x', name);
    expect(cameraProblem(err('NotAllowedError')).reason).toBe('denied');
    expect(cameraProblem(err('NotFoundError')).reason).toBe('none');
    expect(cameraProblem(err('OverconstrainedError')).reason).toBe('none');
    expect(cameraProblem(err('NotReadableError')).reason).toBe('busy');
    expect(cameraProblem(new Error('boom')).reason).toBe('other');
    expect(cameraProblem('nonsense').reason).toBe('other');
    for (const name of ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'Whatever']) expect(cameraProblem(err(name)).message).toContain('upload a photo');
  });

  it('asks for the rear camera without requiring it, and never the microphone', () => {
    expect(CAMERA_CONSTRAINTS.audio).toBe(false);
    expect(CAMERA_CONSTRAINTS.video).toMatchObject({ facingMode: { ideal: 'environment' } });
  });
});

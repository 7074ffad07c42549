import { describe, expect, it } from 'vitest';
import { UploadBudget, type Admission } from './upload-budget.ts';

const limits = { clientMaxInFlight: 2, clientMaxBytes: 100, processMaxInFlight: 3, processMaxBytes: 150 };

function admitted(a: Admission): () => void {
  if (!a.admitted) throw new Error(`refused by ${a.limit}`);
  return a.release;
}

describe('UploadBudget: what one client and the process hold in flight', () => {
  it("a client's requests beyond its count are refused (client_in_flight), and fit again once one is released", () => {
    const b = new UploadBudget(limits);
    const first = admitted(b.admit('ip:a', 10));
    admitted(b.admit('ip:a', 10));
    expect(b.admit('ip:a', 10)).toEqual({ admitted: false, limit: 'client_in_flight', max: 2, current: 2 });
    first();
    expect(b.admit('ip:a', 10).admitted).toBe(true);
  });

  it("a client's bytes beyond its share are refused (client_bytes) while another client still fits", () => {
    const b = new UploadBudget(limits);
    admitted(b.admit('ip:a', 60));
    expect(b.admit('ip:a', 41)).toEqual({ admitted: false, limit: 'client_bytes', max: 100, current: 60 });
    expect(b.admit('ip:b', 41).admitted).toBe(true);
  });

  it('the process budget binds all clients together: process_in_flight, then process_bytes', () => {
    const b = new UploadBudget(limits);
    admitted(b.admit('ip:a', 1));
    admitted(b.admit('ip:b', 1));
    admitted(b.admit('ip:c', 1));
    expect(b.admit('ip:d', 1)).toEqual({ admitted: false, limit: 'process_in_flight', max: 3, current: 3 });

    const bytes = new UploadBudget(limits);
    admitted(bytes.admit('ip:a', 100));
    expect(bytes.admit('ip:b', 51)).toEqual({ admitted: false, limit: 'process_bytes', max: 150, current: 100 });
    expect(bytes.admit('ip:b', 50).admitted).toBe(true);
  });

  it("a client over its own limit is told so before the process's: its overrun does not read as the service being busy", () => {
    const b = new UploadBudget({ ...limits, processMaxInFlight: 2 });
    admitted(b.admit('ip:a', 1));
    admitted(b.admit('ip:a', 1));
    expect(b.admit('ip:a', 1)).toMatchObject({ admitted: false, limit: 'client_in_flight' });
    expect(b.admit('ip:b', 1)).toMatchObject({ admitted: false, limit: 'process_in_flight' });
  });

  it('release is once only: a second call frees nothing more, and a client with nothing in flight is forgotten', () => {
    const b = new UploadBudget(limits);
    const release = admitted(b.admit('ip:a', 40));
    admitted(b.admit('ip:b', 40));
    release();
    release();
    expect(b.held()).toEqual({ requests: 1, bytes: 40, clients: 1 });
  });
});

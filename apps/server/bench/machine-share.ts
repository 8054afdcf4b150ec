/**
 * What the machine did around a benchmark window, read from /proc (Linux): how busy its CPUs were, and how
 * much of that was the web process, its engine hosts, PostgreSQL and the benchmark itself; the rest is other
 * work on the machine. Also the engine hosts' memory (the web process's children), sampled while a window
 * is open, so their peak can be printed beside the web process's.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of one process, ms; 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Children of `pid` (direct), from the kernel's own list. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssMbOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Busy and total CPU time of the whole machine (all cores), ms. */
function machineMs(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0) * TICK_MS;
  const idle = (cpu[3]! + (cpu[4] ?? 0)) * TICK_MS;
  return { busy: total - idle, total };
}

/** The postmaster's pid, from postmaster.pid in its data folder. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}

export interface CpuShare {
  wallS: number;
  cores: number;
  /** Share of all cores' time over the window, %. */
  machineBusyPct: number;
  webPct: number;
  hostsPct: number;
  postgresPct: number;
  benchPct: number;
  otherPct: number;
}

/**
 * Opens a window; the returned function closes it. CPU of processes that live through the window is
 * counted (PostgreSQL's backends are long-lived pool connections; an engine host ended mid-window loses
 * its share to "other").
 */
export function cpuWindow(webPid: number, postgresPid: number): () => CpuShare {
  const tracked = () => {
    const hosts = childrenOf(webPid);
    const pg = [postgresPid, ...childrenOf(postgresPid)];
    return { web: cpuMsOf(webPid), hosts: hosts.reduce((a, p) => a + cpuMsOf(p), 0), pg: pg.reduce((a, p) => a + cpuMsOf(p), 0) };
  };
  const benchCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  const t0 = performance.now();
  const m0 = machineMs();
  const p0 = tracked();
  const b0 = benchCpu();
  return () => {
    const m1 = machineMs();
    const p1 = tracked();
    const total = m1.total - m0.total || 1;
    const pctOf = (ms: number) => (100 * ms) / total;
    const web = pctOf(p1.web - p0.web);
    const hosts = pctOf(Math.max(0, p1.hosts - p0.hosts));
    const postgres = pctOf(p1.pg - p0.pg);
    const bench = pctOf(benchCpu() - b0);
    const busy = pctOf(m1.busy - m0.busy);
    return {
      wallS: (performance.now() - t0) / 1000, cores: os.cpus().length, machineBusyPct: busy,
      webPct: web, hostsPct: hosts, postgresPct: postgres, benchPct: bench, otherPct: Math.max(0, busy - web - hosts - postgres - bench),
    };
  };
}

/** Samples the engine hosts' resident memory every 20 ms: their peak together and the largest single host, MB. */
export function hostsMemoryWindow(webPid: number): () => { peakTotalMb: number; peakOneMb: number; hostsSeen: number } {
  let peakTotal = 0;
  let peakOne = 0;
  const seen = new Set<number>();
  const sample = () => {
    let total = 0;
    for (const pid of childrenOf(webPid)) {
      const mb = rssMbOf(pid);
      seen.add(pid);
      total += mb;
      peakOne = Math.max(peakOne, mb);
    }
    peakTotal = Math.max(peakTotal, total);
  };
  sample();
  const timer = setInterval(sample, 20);
  return () => {
    clearInterval(timer);
    sample();
    return { peakTotalMb: peakTotal, peakOneMb: peakOne, hostsSeen: seen.size };
  };
}

/** Short form of a CPU share for the bench's output. */
export function formatShare(s: CpuShare): string {
  const f = (n: number) => `${n.toFixed(0)}%`;
  return `machine CPU ${f(s.machineBusyPct)} busy of ${s.cores} cores: web ${f(s.webPct)}, engine hosts ${f(s.hostsPct)}, PostgreSQL ${f(s.postgresPct)}, bench ${f(s.benchPct)}, other work ${f(s.otherPct)}`;
}

import { afterEach, describe, expect, it } from 'vitest';
import { evaluateInTasks, preloadedModules } from './preloaded';

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the page's preloaded modules, evaluated one per task (#25 point 3)", () => {
  it("reads the boot script's list of modules in its order, scripts only", () => {
    const boot = document.createElement('script');
    boot.setAttribute('data-entry', '/assets/index-1.js');
    boot.setAttribute(
      'data-preload',
      '/assets/vendor-data-1.js /assets/i18n-2.js /assets/news-3.css /assets/news-page-4.js',
    );
    document.head.append(boot);
    expect(preloadedModules()).toEqual(['/assets/vendor-data-1.js', '/assets/i18n-2.js', '/assets/news-page-4.js']);
  });

  it('reads nothing without the boot script (the development server)', () => {
    expect(preloadedModules()).toEqual([]);
  });

  it('imports them in order, each in a task of its own, and goes on past one that fails', async () => {
    const events: string[] = [];
    // A message posted before each import is delivered before the next import only if each import waits for a task.
    const load = async (url: string) => {
      events.push(`import ${url}`);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        events.push(`task after ${url}`);
        channel.port1.close();
      };
      channel.port2.postMessage(null);
      if (url === '/b.js') throw new TypeError('Failed to fetch');
    };
    await evaluateInTasks(['/a.js', '/b.js', '/c.js'], load);
    expect(events.filter((e) => e.startsWith('import'))).toEqual(['import /a.js', 'import /b.js', 'import /c.js']);
    expect(events.indexOf('task after /a.js')).toBeLessThan(events.indexOf('import /b.js'));
    expect(events.indexOf('task after /b.js')).toBeLessThan(events.indexOf('import /c.js'));
  });
});

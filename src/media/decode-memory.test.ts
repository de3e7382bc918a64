import { expect, test } from 'bun:test';
import { MemoryBudget, photoDecodeBytes } from './decode-memory.ts';

const MB = 1024 * 1024;

test('the estimate follows what the header says: progressive JPEGs and interlaced PNGs are held whole, others streamed', () => {
  const streamed = photoDecodeBytes({
    format: 'jpeg',
    width: 10000,
    height: 9990,
    channels: 3,
    isProgressive: false,
    chromaSubsampling: '4:2:0',
  });
  const progressive = photoDecodeBytes({
    format: 'jpeg',
    width: 10000,
    height: 9990,
    channels: 3,
    isProgressive: true,
    chromaSubsampling: '4:2:0',
  });
  expect(progressive - streamed).toBe(10000 * 9990 * 1.5 * 2);
  const png8 = photoDecodeBytes({ format: 'png', width: 8000, height: 8000, channels: 4, depth: 'uchar', isProgressive: true });
  const png16 = photoDecodeBytes({ format: 'png', width: 8000, height: 8000, channels: 4, depth: 'ushort', isProgressive: true });
  expect(png16 - streamed).toBe(2 * (png8 - streamed));
  expect(photoDecodeBytes({ format: 'heif', width: 5712, height: 4284 })).toBeLessThan(256 * MB); // a 24 MP iPhone HEIC
  expect(photoDecodeBytes({ format: 'heif', width: 9728, height: 9728 })).toBeGreaterThan(900 * MB);
});

test('decodes that do not fit beside the running ones wait, in arrival order', async () => {
  const budget = new MemoryBudget(100);
  const order: string[] = [];
  const gate = Promise.withResolvers<void>();
  const big = budget.run(80, async () => {
    order.push('big starts');
    await gate.promise;
    order.push('big ends');
  });
  const second = budget.run(30, async () => void order.push('second runs'));
  const small = budget.run(10, async () => void order.push('small runs')); // would fit, but waits behind the second
  await Bun.sleep(5);
  expect(order).toEqual(['big starts']);
  gate.resolve();
  await Promise.all([big, second, small]);
  expect(order).toEqual(['big starts', 'big ends', 'second runs', 'small runs']);
  expect(budget.inUse).toBe(0);
});

import type { DatasetId, Sample } from '../../src/schema/index.ts';

/** Where the probe hands the samples of each finished item (results/sample-sink.ts streams them to disk). */
export interface SampleSink {
  add(dataset: DatasetId, index: number, samples: Sample[]): void | Promise<void>;
}

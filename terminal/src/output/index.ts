export { DEFAULT_WATERMARKS, FlowControl, type FlowControlOptions } from './flow-control';
export { OutputBatcher, type OutputBatcherOptions } from './output-batcher';

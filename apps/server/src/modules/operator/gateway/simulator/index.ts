export { DEMO_PASSWORD } from './demo-network';
export { Hj212Simulator, SIMULATOR_TYPES, type SimulatedDevice, type SimulatorStats } from './hj212-simulator';

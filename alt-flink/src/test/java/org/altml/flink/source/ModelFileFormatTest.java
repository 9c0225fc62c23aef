package org.altml.flink.source;

import org.altml.flink.model.ModelMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A watched folder's files: a model of the job's L is read; anything else is skipped, not thrown (the job runs on). */
class ModelFileFormatTest {
  @TempDir Path dir;

  private static BulkFormat.RecordIterator<ModelMessage> read(Path file, int numLabels) throws Exception {
    FileSourceSplit split = new FileSourceSplit("0", new org.apache.flink.core.fs.Path(file.toUri()), 0, Files.size(file),
        Files.getLastModifiedTime(file).toMillis(), Files.size(file));
    return new ModelFileFormat(numLabels).createReader(new Configuration(), split).readBatch();
  }

  @Test
  void aModelOfTheJobsLabelsIsReadAndAnythingElseSkipped() throws Exception {
    Path model = dir.resolve("m.model");
    ModelIo.write(SavedModel.of(LearnerRegistry.get("falt").create(LearnerRegistry.get("falt").defaults(), LearnerContext.of(3))),
        model);
    BulkFormat.RecordIterator<ModelMessage> good = read(model, 3);
    assertNotNull(good);
    ModelMessage read = good.next().getRecord();
    assertArrayEquals(Files.readAllBytes(model), read.model);
    assertTrue(read.source.endsWith("m.model"), "messages name the file: " + read.source);
    assertNull(read(model, 4), "another L: skipped");
    Path notes = Files.writeString(dir.resolve("notes.txt"), "hello\n");
    assertNull(read(notes, 3), "not a model: skipped");
    Path cut = dir.resolve("cut.model");
    Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(model), 40));
    assertNull(read(cut, 3), "a model still being copied: skipped");
  }
}
